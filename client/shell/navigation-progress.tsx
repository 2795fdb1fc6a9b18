/**
 * A thin progress bar across the top of the page while a navigation loads (the
 * next screen's descriptor, the shell, a guard's check). It appears only once a
 * navigation has taken `PROGRESS_DELAY_MS`, so fast navigations do not flash it,
 * and it is a labelled progress bar for assistive technology.
 */
import { useEffect, useState } from "react";
import { useNavigation } from "react-router-dom";

/** How long a navigation runs before its progress shows. */
export const PROGRESS_DELAY_MS = 300;

/** The navigation progress bar of the router it is rendered in. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const loading = navigation.state !== "idle";
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!loading) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  if (!shown) return null;
  return (
    <div className="navigation-progress" role="progressbar" aria-label="Loading the page">
      <div className="navigation-progress-bar" />
    </div>
  );
}

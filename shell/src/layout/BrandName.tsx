/** The brand as every page shows it, inside its link to the home page: the mark and the name. */
export function BrandName() {
  return (
    <>
      <span className="wp-brand__mark" aria-hidden="true">
        W
      </span>
      Waypoint
    </>
  );
}

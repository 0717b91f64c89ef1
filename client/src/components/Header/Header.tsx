import { usePageConfig, useSiteSettings } from '../../config';

export interface HeaderProps {
  showBreadcrumbs: boolean;
}

export function Header({ showBreadcrumbs }: HeaderProps) {
  const { productName } = useSiteSettings();
  const { links } = usePageConfig();
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <div className="container site-header__inner">
          <a className="site-header__brand" href={links.home}>
            {productName}
          </a>
          <span className="site-header__service">Postal prize claims</span>
        </div>
      </div>
      {showBreadcrumbs && (
        <nav className="container breadcrumbs" aria-label="Breadcrumb">
          <ol className="breadcrumbs__list">
            <li className="breadcrumbs__item">
              <a href={links.home}>Home</a>
            </li>
            <li className="breadcrumbs__item">
              <a href={links.howToClaim}>How To Claim</a>
            </li>
            <li className="breadcrumbs__item" aria-current="page">
              Start a Postal Claim
            </li>
          </ol>
        </nav>
      )}
    </header>
  );
}

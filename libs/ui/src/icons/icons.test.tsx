import { render, screen } from '@testing-library/react';
import { Check, Flag, Icon, flagSrc } from '.';

describe('Flag', () => {
  it('renders the country flag image served beside the pages, decorative by default', () => {
    const { container } = render(<Flag code="FR" />);
    const image = container.querySelector('img');
    expect(image).toHaveAttribute('src', '/flags/fr.svg');
    expect(image).toHaveAttribute('alt', '');
    // Sized up front (4:3) and loaded lazily, so it neither shifts the layout nor delays the page.
    expect(image).toHaveAttribute('width', '20');
    expect(image).toHaveAttribute('height', '15');
    expect(image).toHaveAttribute('loading', 'lazy');
    // Decorative: not an image to assistive technology.
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('names the country when the flag stands alone', () => {
    render(<Flag code="de" label="Germany" height={24} />);
    const image = screen.getByRole('img', { name: 'Germany' });
    expect(image).toHaveAttribute('src', '/flags/de.svg');
    expect(image).toHaveAttribute('width', '32');
  });

  it('draws nothing for a code that is not a country code', () => {
    const { container } = render(<Flag code="../x" />);
    expect(container).toBeEmptyDOMElement();
    expect(flagSrc('USA')).toBeNull();
  });
});

describe('Icon', () => {
  it('is hidden from assistive technology without a label', () => {
    const { container } = render(<Icon icon={Check} />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg?.querySelector('path')).toHaveAttribute('d', 'M20 6 9 17l-5-5');
  });

  it('is a named image with a label', () => {
    render(<Icon icon={Check} label="Passed" size={16} />);
    const svg = screen.getByRole('img', { name: 'Passed' });
    expect(svg).toHaveAttribute('width', '16');
  });
});

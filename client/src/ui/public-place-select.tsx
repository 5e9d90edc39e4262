import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { currentLanguage } from '../platform/i18n';
import { type PlaceOption, placeName } from './form/address-value';

/**
 * A place list's options: the empty choice first, then each place by its name in the page's
 * language. Shared by the back office's select (ui/form/place-select.tsx, Chakra's) and the public
 * pages' plain one below.
 */
export function PlaceOptions({
  options,
  emptyLabel,
}: {
  options: readonly PlaceOption[];
  emptyLabel: string;
}) {
  const language = currentLanguage();
  return (
    <>
      <option value="">{emptyLabel}</option>
      {options.map((place) => (
        <option key={place.id} value={String(place.id)}>
          {placeName(place, language)}
        </option>
      ))}
    </>
  );
}

export interface PublicPlaceSelectProps {
  label: string;
  value: number | null;
  options: readonly PlaceOption[];
  emptyLabel: string;
  /** The chosen place's id, or null for the empty choice. */
  onChange: (selected: number | null) => void;
  className?: string;
}

/**
 * A place choice for the public pages (a province, say) in plain HTML and ui/public-site.css: a
 * native select, reliable on phones and with screen readers, without Chakra (docs/public-site.md,
 * "The first load").
 */
export function PublicPlaceSelect({
  label,
  value,
  options,
  emptyLabel,
  onChange,
  className,
}: PublicPlaceSelectProps) {
  const id = useId();
  return (
    <div className={className ? `ps-field ${className}` : 'ps-field'}>
      <label htmlFor={id}>{label}</label>
      <div className="ps-select">
        <select
          id={id}
          value={value === null ? '' : String(value)}
          onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        >
          <PlaceOptions options={options} emptyLabel={emptyLabel} />
        </select>
        <ChevronDown aria-hidden />
      </div>
    </div>
  );
}

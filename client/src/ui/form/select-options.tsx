/** One choice of a select. */
export interface SelectOption {
  value: string;
  label: string;
}

/** A select's choices, with the empty one first when it has a text (both skins' selects). */
export function SelectOptions({
  options,
  placeholder,
}: {
  options: readonly SelectOption[];
  placeholder?: string;
}) {
  return (
    <>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

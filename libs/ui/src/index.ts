export { Banner, ErrorBox, type BannerProps, type ErrorBoxProps } from './components/Banner';
export {
  Button,
  buttonClassName,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
} from './components/Button';
export {
  Checkbox,
  RadioGroup,
  Switch,
  type CheckboxProps,
  type RadioGroupProps,
  type RadioOption,
  type SwitchProps,
} from './components/Choice';
export { CollapsibleCard, type CollapsibleCardProps } from './components/CollapsibleCard';
export { CostSummary, type CostLine, type CostSummaryProps } from './components/CostSummary';
export {
  CountryPicker,
  filterCountries,
  type CountryOption,
  type CountryPickerProps,
} from './components/CountryPicker';
export { DateInput, dateInputYears, joinDate, type DateInputProps } from './components/DateInput';
export {
  ErrorSummary,
  focusField,
  type ErrorSummaryProps,
  type FieldError,
} from './components/ErrorSummary';
export { FieldChrome, type FieldChromeProps } from './components/Field';
export { useHydrated, useReaderClock, type ReaderClock } from './components/hydration';
export { cx } from './components/ids';
export { Drawer, Modal, type ModalProps } from './components/Modal';
export { Select, type SelectOption, type SelectProps } from './components/Select';
export { PageSpinner, Spinner, type SpinnerProps } from './components/Spinner';
export { Stepper, type StepperProps } from './components/Stepper';
export { TextField, type TextFieldProps } from './components/TextField';
export {
  activateLocale,
  currentLocale,
  defineCatalog,
  definedCatalogs,
  loadLocale,
  onLocaleChange,
  pageLocale,
  rememberLocale,
  setTextTranslator,
  type Catalog,
  type CatalogLoaders,
  type MessageCatalog,
  type MessageValues,
  type TextTranslator,
} from './i18n/i18n';
export { rich, useLocale, useT, useTextTranslator } from './i18n/react';
export {
  compareText,
  countryName,
  formatDate,
  formatDateTime,
  formatMoney,
  monthNames,
} from './i18n/format';

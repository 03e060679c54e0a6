// Mantine's interactive controls as a module of their own, for pages that load them once live
// (ADR 098: the search page's selects, its list/map switch and its pages).
export { Pagination, SegmentedControl, Select } from '@mantine/core';

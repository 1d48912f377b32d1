/**
 * Twenty number ranges the number plan places in twenty different zones round the world (the benchmark's
 * callees), as international prefixes; a seven-digit tail makes each a number.
 */
export const ZONE_PREFIXES = [
  '+1212', // New York
  '+1312', // Chicago
  '+1303', // Denver
  '+1213', // Los Angeles
  '+1907', // Anchorage
  '+1808', // Honolulu
  '+5511', // São Paulo
  '+44207', // London
  '+4930', // Berlin
  '+202', // Cairo
  '+7495', // Moscow
  '+9714', // Dubai
  '+9122', // Kolkata (India)
  '+6221', // Jakarta
  '+8610', // Shanghai (China)
  '+813', // Tokyo
  '+612', // Sydney
  '+649', // Auckland
  '+2711', // Johannesburg
  '+6561', // Singapore
];

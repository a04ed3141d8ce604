# printf conversions, flags, widths and precisions.
awk 'BEGIN {
  printf "%d|%i|%5d|%-5d|%05d|%+d|% d\n", 42.9, -7, 3, 3, -3, 5, 5
  printf "%x|%X|%o|%#x|%#o|%u\n", 255, 255, 8, 255, 8, 17
  printf "%.2f|%8.3f|%-8.1f|%e|%.2E|%g|%G\n", 3.14159, 2.5, 2.5, 1234.5678, 0.000123, 0.0001, 1e-10
  printf "%s|%10s|%-10s|%.2s\n", "abc", "right", "left", "truncate"
  printf "%c%c%c|%%|%5.1s|\n", 65, "bc", 67, "xyz"
  printf "%*d|%-*d|%.*f\n", 6, 42, 4, 7, 2, 3.14159
}'

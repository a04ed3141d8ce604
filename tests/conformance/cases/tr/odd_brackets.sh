printf 'a]b[c*d\n' | tr '][*' xyz
printf 'a:]\n' | tr '[:a' xyz
printf 'a::b\n' | tr '[:*2]' x
printf 'abc\n' | tr 'a-c' '[x*2][y*]'
printf 'abc\n' | tr 'a' '[b*18446744073709551614]'
printf 'aBc\n' | tr '[:lower:][:upper:]' '[:upper:][:lower:]'
printf 'hello\n' | tr -c 'l\n' 'xy'

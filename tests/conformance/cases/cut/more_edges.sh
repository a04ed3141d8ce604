printf 'abc' | cut -b 1-2,2-3 --output-delimiter=+
printf 'a:b:c\n' | cut -d: -f3,1 --output-delimiter='' | sed 's/\x0/<NUL>/'
printf 'a b\n' | cut -f 1 -d ' ' -s --complement
printf 'abcdef\n' | cut -b 3-,2-4
printf 'abc\n' | cut -b '1 3'

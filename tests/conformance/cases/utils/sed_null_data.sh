printf 'a\0b\0' | sed -z 's/^/X/'
printf 'a\nb\nc\n' | sed -z 's/\n/,/g'
printf 'one\0two\0' | sed -z -n '2p'

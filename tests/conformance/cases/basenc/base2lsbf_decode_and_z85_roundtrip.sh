printf '1000001001000010' | basenc --base2lsbf -d; echo; printf 'abcdefgh' | basenc --z85 | basenc --z85 -d; echo

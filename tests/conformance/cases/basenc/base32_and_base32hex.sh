printf 'hello\n' | basenc --base32
printf 'hello\n' | basenc --base32hex
printf 'hello\n' | basenc --base32hex | basenc --base32hex -d

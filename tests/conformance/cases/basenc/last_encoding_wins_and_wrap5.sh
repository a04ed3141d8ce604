printf 'hello' | basenc --base16 --base64 -w 5
printf 'hello' | basenc --base64 --base16 -w 5
printf 'hello' | basenc --b64u; echo

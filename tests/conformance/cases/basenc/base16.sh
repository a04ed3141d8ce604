printf 'Hi\n\377' | basenc --base16
printf '48690AFF' | basenc --base16 -d | od -c

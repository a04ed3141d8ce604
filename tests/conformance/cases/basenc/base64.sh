printf 'hello?>\n' | basenc --base64
printf 'hello?>\n' | basenc --base64 | basenc --base64 -d

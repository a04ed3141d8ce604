printf 'hello?>\n' | basenc --base64url
printf '\373\377\376' | basenc --base64url
printf '%s' '-_-_' | basenc --base64url -d | od -An -tx1

printf '' | base64 | od -c
printf '' | base64 -d | od -c

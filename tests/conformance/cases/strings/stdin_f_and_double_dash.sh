printf '\0from stdin\0' | strings
printf '\0from stdin\0' | strings -f
printf '\0dash file\0' > -d
strings -- -d
strings -f -- -d

echo -e '\e[0m' | od -An -c

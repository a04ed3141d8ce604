printf '48656c6c6f0a' | xxd -r -p
printf '48 65\n6c 6c\n6f0a' | xxd -r -p

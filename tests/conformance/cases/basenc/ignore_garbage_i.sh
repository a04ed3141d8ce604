printf '48 69\n!0A' | basenc --base16 -d -i; echo "status $?"

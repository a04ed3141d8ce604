printf 'caf\351 \374ber \377\n' | iconv -f ISO-8859-1 -t UTF-8; echo "status $?"

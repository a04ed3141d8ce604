printf '\342\202\254 \305\223\n' | iconv -f UTF-8 -t ISO-8859-15 | od -An -tx1
printf '\244\275\n' | iconv -f ISO-8859-15 -t UTF-8

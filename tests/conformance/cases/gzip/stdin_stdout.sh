printf 'piped\n' | gzip | gunzip; echo "status $?"
printf 'piped\n' | gzip -c | zcat -

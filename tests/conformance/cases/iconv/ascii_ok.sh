printf 'plain ascii\n' | iconv -f ASCII -t UTF-8; echo "status $?"
printf 'plain ascii\n' | iconv -f UTF-8 -t US-ASCII; echo "status $?"

printf 'a\nb' | uniq; echo "|"

printf 'a\nb' | paste -s -d:

printf 'a\nb' | tee; echo
printf '' | tee | wc -c

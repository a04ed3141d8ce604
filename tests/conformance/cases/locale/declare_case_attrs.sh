# declare -u / -l convert only ASCII letters under LC_ALL=C
for loc in C C.UTF-8; do
  LC_ALL=$loc
  declare -u up=héllo
  declare -l lo=ÉCOLE
  up+=é
  declare -u -a arr=(é a)
  arr[2]=ü
  declare -A as; declare -u as; as[k]=ö
  echo "$loc: $up $lo ${arr[*]} ${as[k]}"
  unset up lo arr as
done

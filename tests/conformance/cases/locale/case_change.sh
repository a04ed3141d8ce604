# ${v^^} ${v,,} @U @L @u change only ASCII letters under LC_ALL=C
for loc in C C.UTF-8; do
  LC_ALL=$loc
  v=héllo w=ÉCOLE u=éa
  echo "$loc: ${v^^} ${w,,} ${v@U} ${w@L} ${u@u} ${u^}"
done

# break and continue in a while/until condition act on that loop.
for i in 1 2 3; do
  echo i=$i
  while break; do echo x; done
done
for i in 1 2; do
  until continue 2; do echo no; done
  echo never
done
n=0
while (( n++ < 3 )) && { [ $n = 2 ] && continue; true; }; do
  echo "body $n"
done
echo end

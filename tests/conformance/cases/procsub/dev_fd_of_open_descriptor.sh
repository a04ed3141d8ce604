printf 'one\ntwo\n' > f
exec 3< f
cat /dev/fd/3
exec 3<&-
exec 4> g
echo written | tee /dev/fd/4 > /dev/null
exec 4>&-
cat g

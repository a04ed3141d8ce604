# Each expression of `for ((;;))` is shown to the DEBUG trap as `((text))`,
# expanded first and less its leading blanks; an empty one is `((1))`.
trap 'echo "D: $BASH_COMMAND ($LINENO)"' DEBUG
n=2
for ((  i = $n ;  i < n + 1 ;  i++  )); do
    :
done
for ((;;)); do break; done
for ((k=0;k<1;)); do k=1; done
trap - DEBUG
echo end

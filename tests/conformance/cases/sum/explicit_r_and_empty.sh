printf '' | sum
printf '' | sum -r
printf '' | sum -s

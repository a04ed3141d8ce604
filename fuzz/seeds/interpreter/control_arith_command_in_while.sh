i=3
while ((i--)); do echo $i; done

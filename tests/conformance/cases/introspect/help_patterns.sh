help -d 'e*'
help -s rea
help -d read
help -s 'un*'

printf '%b\n' 'a\tb' 'c\nd'
printf '%s\n' 'a\tb'

printf 'a x\nb x\nc y\n' | uniq -1
printf 'xa\nya\nzb\n' | uniq +1

echo 'a\nb\\c'

echo 'eeeabce' | tr '[=e=]' 'E'

echo 'a-b-c' | tr 'a-' 'x_'

bash +e -c 'false; echo still'

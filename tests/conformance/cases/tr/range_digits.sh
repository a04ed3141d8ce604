echo 'phone 555-1234' | tr 0-9 '#'

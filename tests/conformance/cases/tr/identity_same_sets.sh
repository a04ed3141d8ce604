echo 'aAbB' | tr a a

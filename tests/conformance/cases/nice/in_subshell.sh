nice -n 4 sh -c 'nice'
nice -n 4 bash -c 'nice'

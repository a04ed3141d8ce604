echo 'aabbccdd' | tr -s ab xy

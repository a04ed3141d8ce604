export LC_ALL=C
mkdir 'my dir'; touch 'my dir/a file'; tree

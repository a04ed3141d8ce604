echo 'obase=2000; 123456789' | bc

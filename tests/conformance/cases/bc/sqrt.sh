echo 'scale=10; sqrt(2); sqrt(16); sqrt(0.25)' | bc

echo 'length(12.3400); scale(1.230); length(0.001); length(100)' | bc

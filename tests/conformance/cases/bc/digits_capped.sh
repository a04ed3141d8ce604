echo 'A; 1A; ZZ; G; Z' | bc

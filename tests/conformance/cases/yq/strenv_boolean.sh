# from mikefarah/yq docs: operators/env-variable-operators "Read boolean environment variable as a string"
myenv="true" yq --null-input '.a = strenv(myenv)'

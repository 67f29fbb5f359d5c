import { Center } from "@mantine/core";
import { Spinner } from "../lib/Spinner";

export function PageLoader() {
  return (
    <Center h="60vh">
      <Spinner label="Loading" />
    </Center>
  );
}

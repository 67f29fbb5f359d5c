import { api } from "@cpd/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { call } from "../../lib/api-client";

export const useVideoLibraries = () =>
  useQuery({
    queryKey: ["videos", "libraries"],
    queryFn: () => call(api.videoLibraries),
    staleTime: 5 * 60_000,
    meta: { errorTitle: "Failed to load videos" },
  });

export const useRequestCertificate = (videoId: string) =>
  useMutation({
    mutationFn: (reflection: string) =>
      call(api.requestCertificate, {
        params: { videoId },
        body: reflection.trim() ? { confirm: true, reflection: reflection.trim() } : { confirm: true },
      }),
    meta: { errorTitle: "Failed to generate CPD Certificate" },
  });
